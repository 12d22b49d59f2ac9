package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	bspb "google.golang.org/genproto/googleapis/bytestream"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// Blobs up to this size travel in batches; larger ones through ByteStream.
// BuildGrid's default gRPC message limit is 4 MiB.
const batchLimit = 2 << 20

// cas reads and writes blobs of one REAPI instance.
type cas struct {
	instance string
	cas      repb.ContentAddressableStorageClient
	bs       bspb.ByteStreamClient
}

func newCAS(conn *grpc.ClientConn, instance string) *cas {
	return &cas{
		instance: instance,
		cas:      repb.NewContentAddressableStorageClient(conn),
		bs:       bspb.NewByteStreamClient(conn),
	}
}

func digestOf(b []byte) *repb.Digest {
	h := sha256.Sum256(b)
	return &repb.Digest{Hash: hex.EncodeToString(h[:]), SizeBytes: int64(len(b))}
}

func key(d *repb.Digest) string { return fmt.Sprintf("%s/%d", d.Hash, d.SizeBytes) }

func (c *cas) resource(d *repb.Digest) string {
	if c.instance == "" {
		return "blobs/" + key(d)
	}
	return c.instance + "/blobs/" + key(d)
}

// readProto fetches a blob and decodes it into m.
func (c *cas) readProto(ctx context.Context, d *repb.Digest, m proto.Message) error {
	got, err := c.readBlobs(ctx, []*repb.Digest{d})
	if err != nil {
		return err
	}
	if err := proto.Unmarshal(got[key(d)], m); err != nil {
		return fmt.Errorf("blob %s: %w", key(d), err)
	}
	return nil
}

// readBlobs fetches every digest (batched, or streamed when large) and checks
// each blob's hash.
func (c *cas) readBlobs(ctx context.Context, ds []*repb.Digest) (map[string][]byte, error) {
	out := map[string][]byte{}
	var batch []*repb.Digest
	var size int64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		resp, err := c.cas.BatchReadBlobs(ctx, &repb.BatchReadBlobsRequest{InstanceName: c.instance, Digests: batch})
		if err != nil {
			return fmt.Errorf("BatchReadBlobs: %w", err)
		}
		for _, r := range resp.Responses {
			if codes.Code(r.GetStatus().GetCode()) != codes.OK {
				return fmt.Errorf("BatchReadBlobs %s: %s", key(r.Digest), r.GetStatus().GetMessage())
			}
			out[key(r.Digest)] = r.Data
		}
		batch, size = nil, 0
		return nil
	}
	for _, d := range ds {
		if _, ok := out[key(d)]; ok || d.SizeBytes == 0 {
			out[key(d)] = out[key(d)]
			continue
		}
		if d.SizeBytes > batchLimit {
			b, err := c.stream(ctx, d)
			if err != nil {
				return nil, err
			}
			out[key(d)] = b
			continue
		}
		if size+d.SizeBytes > batchLimit {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		batch = append(batch, d)
		size += d.SizeBytes
	}
	if err := flush(); err != nil {
		return nil, err
	}
	for _, d := range ds {
		b, ok := out[key(d)]
		if !ok {
			return nil, fmt.Errorf("blob %s missing from CAS", key(d))
		}
		if got := digestOf(b); got.Hash != d.Hash || got.SizeBytes != d.SizeBytes {
			return nil, fmt.Errorf("blob %s arrived with digest %s", key(d), key(got))
		}
	}
	return out, nil
}

func (c *cas) stream(ctx context.Context, d *repb.Digest) ([]byte, error) {
	rc, err := c.bs.Read(ctx, &bspb.ReadRequest{ResourceName: c.resource(d)})
	if err != nil {
		return nil, fmt.Errorf("ByteStream.Read %s: %w", key(d), err)
	}
	buf := make([]byte, 0, d.SizeBytes)
	for {
		r, err := rc.Recv()
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("ByteStream.Read %s: %w", key(d), err)
		}
		buf = append(buf, r.Data...)
	}
}

// upload stores the blobs the server does not have yet. paths maps a digest
// key to a file to read it from; data holds in-memory blobs.
type upload struct {
	digests map[string]*repb.Digest
	paths   map[string]string
	data    map[string][]byte
}

func newUpload() *upload {
	return &upload{digests: map[string]*repb.Digest{}, paths: map[string]string{}, data: map[string][]byte{}}
}

func (u *upload) addBytes(b []byte) *repb.Digest {
	d := digestOf(b)
	u.digests[key(d)] = d
	u.data[key(d)] = b
	return d
}

func (u *upload) addFile(path string) (*repb.Digest, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := digestOf(b)
	u.digests[key(d)] = d
	u.paths[key(d)] = path
	return d, nil
}

// write returns the number of bytes it sent.
func (c *cas) write(ctx context.Context, u *upload) (int64, error) {
	var all []*repb.Digest
	for _, d := range u.digests {
		if d.SizeBytes > 0 {
			all = append(all, d)
		}
	}
	if len(all) == 0 {
		return 0, nil
	}
	missing, err := c.cas.FindMissingBlobs(ctx, &repb.FindMissingBlobsRequest{InstanceName: c.instance, BlobDigests: all})
	if err != nil {
		return 0, fmt.Errorf("FindMissingBlobs: %w", err)
	}
	var sent int64
	var batch []*repb.BatchUpdateBlobsRequest_Request
	var size int64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		resp, err := c.cas.BatchUpdateBlobs(ctx, &repb.BatchUpdateBlobsRequest{InstanceName: c.instance, Requests: batch})
		if err != nil {
			return fmt.Errorf("BatchUpdateBlobs: %w", err)
		}
		for _, r := range resp.Responses {
			if codes.Code(r.GetStatus().GetCode()) != codes.OK {
				return fmt.Errorf("BatchUpdateBlobs %s: %s", key(r.Digest), r.GetStatus().GetMessage())
			}
		}
		batch, size = nil, 0
		return nil
	}
	for _, d := range missing.MissingBlobDigests {
		b, ok := u.data[key(d)]
		if !ok {
			if b, err = os.ReadFile(u.paths[key(d)]); err != nil {
				return 0, err
			}
		}
		if d.SizeBytes > batchLimit {
			if err := c.writeStream(ctx, d, b); err != nil {
				return 0, err
			}
			sent += d.SizeBytes
			continue
		}
		if size+d.SizeBytes > batchLimit {
			if err := flush(); err != nil {
				return 0, err
			}
		}
		batch = append(batch, &repb.BatchUpdateBlobsRequest_Request{Digest: d, Data: b})
		size += d.SizeBytes
		sent += d.SizeBytes
	}
	return sent, flush()
}

func (c *cas) writeStream(ctx context.Context, d *repb.Digest, b []byte) error {
	wc, err := c.bs.Write(ctx)
	if err != nil {
		return fmt.Errorf("ByteStream.Write %s: %w", key(d), err)
	}
	var u [16]byte
	if _, err := rand.Read(u[:]); err != nil {
		return err
	}
	id := hex.EncodeToString(u[:])
	name := fmt.Sprintf("uploads/%s-%s-%s-%s-%s/", id[:8], id[8:12], id[12:16], id[16:20], id[20:]) + c.resource(d)
	if c.instance != "" {
		name = c.instance + "/" + name[:len(name)-len(c.resource(d))] + "blobs/" + key(d)
	}
	const chunk = 1 << 20
	for off := 0; ; off += chunk {
		end := off + chunk
		if end > len(b) {
			end = len(b)
		}
		req := &bspb.WriteRequest{WriteOffset: int64(off), Data: b[off:end], FinishWrite: end == len(b)}
		if off == 0 {
			req.ResourceName = name
		}
		if err := wc.Send(req); err != nil && err != io.EOF {
			return fmt.Errorf("ByteStream.Write %s: %w", key(d), err)
		}
		if end == len(b) {
			break
		}
	}
	if _, err := wc.CloseAndRecv(); err != nil {
		return fmt.Errorf("ByteStream.Write %s: %w", key(d), err)
	}
	return nil
}
