// Package worker speaks Bazel's persistent worker protocol (proto form):
// Bazel starts a tool once with --persistent_worker and writes
// length-delimited WorkRequest messages to its stdin; the tool answers each
// with a length-delimited WorkResponse on stdout. Bazel 4.2.3, which this
// repository builds with, has no JSON form of the protocol.
//
// The messages (src/main/protobuf/worker_protocol.proto of Bazel):
//
//	message Input        { string path = 1; bytes digest = 2; }
//	message WorkRequest  { repeated string arguments = 1; repeated Input inputs = 2;
//	                       int32 request_id = 3; bool cancel = 4; int32 verbosity = 5;
//	                       string sandbox_dir = 6; }
//	message WorkResponse { int32 exit_code = 1; string output = 2; int32 request_id = 3;
//	                       bool was_cancelled = 4; }
//
// Only the fields a tool acts on are decoded; others (inputs' digests,
// unknown fields of newer Bazels) are skipped.
package worker

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
	"unsafe"

	"google.golang.org/protobuf/encoding/protowire"
)

// MaxMessage bounds one request's size: a corrupt length prefix must not
// make the worker allocate gigabytes. Bazel's requests are the expanded
// param file plus one digest per input: a few MB for the largest actions.
const MaxMessage = 256 << 20

// Request is what a WorkRequest asks of the tool.
type Request struct {
	Arguments  []string
	RequestID  int32
	Cancel     bool
	Verbosity  int32
	SandboxDir string
}

// Response is a WorkResponse.
type Response struct {
	ExitCode     int32
	Output       string
	RequestID    int32
	WasCancelled bool
}

// FrameError is a broken length prefix or a message cut short: the stream
// cannot be read further.
type FrameError struct {
	Offset int64 // byte offset of the frame in the stream
	Msg    string
}

func (e *FrameError) Error() string {
	return fmt.Sprintf("work request stream at byte %d: %s", e.Offset, e.Msg)
}

// DecodeError is a frame whose bytes are no WorkRequest. The frame's end
// is known, so the stream can go on.
type DecodeError struct {
	Field protowire.Number // the field being read, 0 when at a tag
	Msg   string
}

func (e *DecodeError) Error() string {
	if e.Field == 0 {
		return "malformed work request: " + e.Msg
	}
	return fmt.Sprintf("malformed work request: field %d: %s", e.Field, e.Msg)
}

// Reader reads length-delimited WorkRequests.
type Reader struct {
	r   *bufio.Reader
	off int64
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader { return &Reader{r: bufio.NewReader(r)} }

// Next reads one frame and decodes it. It returns io.EOF at a clean end of
// the stream, a *FrameError when the stream is broken, and a *DecodeError
// (with the stream positioned at the next frame) when the frame is not a
// WorkRequest.
func (r *Reader) Next() (*Request, error) {
	start := r.off
	size, n, err := readUvarint(r.r)
	r.off += int64(n)
	switch {
	case err == io.EOF && n == 0:
		return nil, io.EOF
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return nil, &FrameError{Offset: start, Msg: "length prefix cut short"}
	case err != nil:
		return nil, &FrameError{Offset: start, Msg: err.Error()}
	case size > MaxMessage:
		return nil, &FrameError{Offset: start, Msg: fmt.Sprintf("message of %d bytes (at most %d)", size, MaxMessage)}
	}
	body, err := readBody(r.r, size)
	r.off += int64(len(body))
	if err != nil {
		return nil, &FrameError{Offset: start, Msg: fmt.Sprintf("message of %d bytes cut short after %d", size, len(body))}
	}
	// body is this request's alone: the arguments can share its memory
	// (a 150 MB request cost 377 MB when they were copied out of a
	// buffer grown by io.ReadAll).
	return decodeRequest(body, true)
}

// readBody reads size bytes of r (io.ErrUnexpectedEOF if it ends first)
// into one buffer of that size, allocated from the prefix (at most
// MaxMessage): a buffer grown as the bytes arrive cost the sum of every
// size it went through until the next collection (a 150 MB request, 377
// MB). A prefix that promises more than the stream holds costs address
// space, not memory: the runtime takes a large buffer from fresh pages that
// are touched only as the bytes arrive.
func readBody(r io.Reader, size uint64) ([]byte, error) {
	buf := make([]byte, size)
	n, err := io.ReadFull(r, buf)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return buf[:n], err
}

var errOverflow = errors.New("length prefix longer than 10 bytes")

// readUvarint reads a varint, returning how many bytes it consumed.
func readUvarint(r io.ByteReader) (uint64, int, error) {
	var x uint64
	for i := 0; i < binary64Len; i++ {
		b, err := r.ReadByte()
		if err != nil {
			if i > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, i, err
		}
		if i == binary64Len-1 && b > 1 {
			return 0, i + 1, errOverflow
		}
		x |= uint64(b&0x7f) << (7 * uint(i))
		if b < 0x80 {
			return x, i + 1, nil
		}
	}
	return 0, binary64Len, errOverflow
}

const binary64Len = 10

// DecodeRequest decodes one WorkRequest message (without its length
// prefix).
func DecodeRequest(b []byte) (*Request, error) { return decodeRequest(b, false) }

// decodeRequest decodes b; with alias, the strings share b's memory (b is
// never changed afterwards: Reader.Next's own buffer).
func decodeRequest(b []byte, alias bool) (*Request, error) {
	str := func(v []byte) string {
		if alias && len(v) > 0 {
			return *(*string)(unsafe.Pointer(&v))
		}
		return string(v)
	}
	req := &Request{}
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, &DecodeError{Msg: parseErr(n)}
		}
		b = b[n:]
		bad := func(msg string) error { return &DecodeError{Field: num, Msg: msg} }
		switch {
		case num == 1 || num == 6:
			if typ != protowire.BytesType {
				return nil, bad("not a string")
			}
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, bad(parseErr(n))
			}
			if !utf8.Valid(v) {
				return nil, bad("string is not UTF-8")
			}
			if num == 1 {
				req.Arguments = append(req.Arguments, str(v))
			} else {
				req.SandboxDir = str(v)
			}
			b = b[n:]
		case num == 3 || num == 4 || num == 5:
			if typ != protowire.VarintType {
				return nil, bad("not a varint")
			}
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return nil, bad(parseErr(n))
			}
			switch num {
			case 3:
				req.RequestID = int32(v)
			case 4:
				req.Cancel = protowire.DecodeBool(v)
			case 5:
				req.Verbosity = int32(v)
			}
			b = b[n:]
		default: // inputs (2) and fields of newer protocols
			n := protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return nil, bad(parseErr(n))
			}
			b = b[n:]
		}
	}
	return req, nil
}

// Marshal returns the WorkResponse message without its length prefix.
// Default values are left out, as protobuf encoders do.
func (r *Response) Marshal() []byte {
	var b []byte
	if r.ExitCode != 0 {
		b = protowire.AppendTag(b, 1, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(r.ExitCode)))
	}
	if r.Output != "" {
		b = protowire.AppendTag(b, 2, protowire.BytesType)
		b = protowire.AppendString(b, r.Output)
	}
	if r.RequestID != 0 {
		b = protowire.AppendTag(b, 3, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(r.RequestID)))
	}
	if r.WasCancelled {
		b = protowire.AppendTag(b, 4, protowire.VarintType)
		b = protowire.AppendVarint(b, 1)
	}
	return b
}

// WriteResponse writes r length-delimited to w in one Write.
func WriteResponse(w io.Writer, r *Response) error {
	msg := r.Marshal()
	frame := protowire.AppendVarint(make([]byte, 0, len(msg)+protowire.SizeVarint(uint64(len(msg)))), uint64(len(msg)))
	_, err := w.Write(append(frame, msg...))
	return err
}

// EncodeRequest returns the WorkRequest message of r without its length
// prefix (for tests and tools that drive a worker).
func EncodeRequest(r *Request) []byte {
	var b []byte
	for _, a := range r.Arguments {
		b = protowire.AppendTag(b, 1, protowire.BytesType)
		b = protowire.AppendString(b, a)
	}
	if r.RequestID != 0 {
		b = protowire.AppendTag(b, 3, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(r.RequestID)))
	}
	if r.Cancel {
		b = protowire.AppendTag(b, 4, protowire.VarintType)
		b = protowire.AppendVarint(b, 1)
	}
	if r.Verbosity != 0 {
		b = protowire.AppendTag(b, 5, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(r.Verbosity)))
	}
	if r.SandboxDir != "" {
		b = protowire.AppendTag(b, 6, protowire.BytesType)
		b = protowire.AppendString(b, r.SandboxDir)
	}
	return b
}

// DecodeResponse decodes one WorkResponse message (without its length
// prefix), for tests and tools that drive a worker.
func DecodeResponse(b []byte) (*Response, error) {
	resp := &Response{}
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, &DecodeError{Msg: parseErr(n)}
		}
		b = b[n:]
		switch {
		case num == 2 && typ == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, &DecodeError{Field: num, Msg: parseErr(n)}
			}
			resp.Output = string(v)
			b = b[n:]
		case (num == 1 || num == 3 || num == 4) && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return nil, &DecodeError{Field: num, Msg: parseErr(n)}
			}
			switch num {
			case 1:
				resp.ExitCode = int32(v)
			case 3:
				resp.RequestID = int32(v)
			case 4:
				resp.WasCancelled = protowire.DecodeBool(v)
			}
			b = b[n:]
		default:
			n := protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return nil, &DecodeError{Field: num, Msg: parseErr(n)}
			}
			b = b[n:]
		}
	}
	return resp, nil
}

// parseErr says what protowire's negative length n means, without the
// "proto:" prefix (whose spacing the protobuf module varies on purpose).
func parseErr(n int) string {
	err := protowire.ParseError(n)
	if err == io.ErrUnexpectedEOF {
		return "cut short"
	}
	msg := err.Error()
	if i := strings.Index(msg, "proto:"); i >= 0 {
		msg = strings.TrimLeft(msg[i+len("proto:"):], " \u00a0")
	}
	return msg
}

// ReadResponse reads one length-delimited WorkResponse.
func ReadResponse(r *bufio.Reader) (*Response, error) {
	size, _, err := readUvarint(r)
	if err != nil {
		return nil, err
	}
	if size > MaxMessage {
		return nil, fmt.Errorf("work response of %d bytes", size)
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return DecodeResponse(body)
}
