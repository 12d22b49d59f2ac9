package worker

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/encoding/protowire"
)

func frame(msg []byte) []byte {
	return append(protowire.AppendVarint(nil, uint64(len(msg))), msg...)
}

func TestRequestRoundTrip(t *testing.T) {
	for _, req := range []*Request{
		{},
		{Arguments: []string{"-o", "out", ""}, RequestID: 7},
		{Arguments: []string{"ünïcode"}, Cancel: true, Verbosity: 10, SandboxDir: "sb/1", RequestID: -1},
	} {
		got, err := DecodeRequest(EncodeRequest(req))
		if err != nil {
			t.Fatalf("DecodeRequest(EncodeRequest(%+v)): %v", req, err)
		}
		if diff := cmp.Diff(req, got); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
	}
}

func TestDecodeRequestSkipsOtherFields(t *testing.T) {
	// An Input (field 2, path + digest) and a field of a later protocol.
	input := protowire.AppendString(protowire.AppendTag(nil, 1, protowire.BytesType), "a.bc")
	input = protowire.AppendBytes(protowire.AppendTag(input, 2, protowire.BytesType), []byte{0, 1, 0xff})
	var b []byte
	b = protowire.AppendString(protowire.AppendTag(b, 1, protowire.BytesType), "x")
	b = protowire.AppendBytes(protowire.AppendTag(b, 2, protowire.BytesType), input)
	b = protowire.AppendFixed64(protowire.AppendTag(b, 99, protowire.Fixed64Type), 5)
	b = protowire.AppendVarint(protowire.AppendTag(b, 3, protowire.VarintType), 3)
	got, err := DecodeRequest(b)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Request{Arguments: []string{"x"}, RequestID: 3}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDecodeRequestErrors(t *testing.T) {
	tests := []struct {
		name string
		msg  []byte
		want string
	}{
		{"bad tag", []byte{0x80}, "malformed work request: cut short"},
		{"argument not a string", protowire.AppendVarint(protowire.AppendTag(nil, 1, protowire.VarintType), 1), "field 1: not a string"},
		{"id not a varint", protowire.AppendString(protowire.AppendTag(nil, 3, protowire.BytesType), "x"), "field 3: not a varint"},
		{"string cut short", append(protowire.AppendTag(nil, 1, protowire.BytesType), 5, 'a'), "field 1: cut short"},
		{"not UTF-8", protowire.AppendString(protowire.AppendTag(nil, 1, protowire.BytesType), "\xff"), "field 1: string is not UTF-8"},
		{"field 0", []byte{0x00, 0x00}, "malformed work request: invalid field number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRequest(tc.msg)
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want a *DecodeError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestReaderFrames(t *testing.T) {
	one := EncodeRequest(&Request{Arguments: []string{"a"}, RequestID: 1})
	tests := []struct {
		name   string
		stream []byte
		want   []*Request
		err    string // of the read after want, "" for io.EOF
	}{
		{"empty", nil, nil, ""},
		{"two", append(frame(one), frame(one)...), []*Request{{Arguments: []string{"a"}, RequestID: 1}, {Arguments: []string{"a"}, RequestID: 1}}, ""},
		{"empty message", frame(nil), []*Request{{}}, ""},
		{"prefix cut short", []byte{0x80}, nil, "work request stream at byte 0: length prefix cut short"},
		{"body cut short", append(frame(one), 9, 1), []*Request{{Arguments: []string{"a"}, RequestID: 1}}, fmt.Sprintf("work request stream at byte %d: message of 9 bytes cut short after 1", len(frame(one)))},
		{"too big", protowire.AppendVarint(nil, MaxMessage+1), nil, "message of 268435457 bytes"},
		{"prefix overflow", bytes.Repeat([]byte{0xff}, 11), nil, "longer than 10 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(tc.stream))
			var got []*Request
			for range tc.want {
				req, err := r.Next()
				if err != nil {
					t.Fatalf("Next: %v", err)
				}
				got = append(got, req)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
			_, err := r.Next()
			if tc.err == "" {
				if err != io.EOF {
					t.Errorf("last Next: %v, want io.EOF", err)
				}
				return
			}
			var fe *FrameError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("last Next: %v, want a *FrameError containing %q", err, tc.err)
			}
		})
	}
}

func TestResponseRoundTrip(t *testing.T) {
	for _, resp := range []*Response{
		{},
		{ExitCode: 1, Output: "tool: bad\n", RequestID: 4},
		{ExitCode: -9, WasCancelled: true, RequestID: 1 << 30},
	} {
		var buf bytes.Buffer
		if err := WriteResponse(&buf, resp); err != nil {
			t.Fatal(err)
		}
		got, err := ReadResponse(bufio.NewReader(&buf))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(resp, got); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
		if buf.Len() != 0 {
			t.Errorf("%d bytes left after one response", buf.Len())
		}
	}
}

// echo is a tool whose run fails on "fail", panics on "panic", reads stdin
// on "stdin", and otherwise prints its arguments.
func echo(args []string, stdio Stdio) int {
	if len(args) > 0 {
		switch args[0] {
		case "fail":
			fmt.Fprintln(stdio.Stderr, "echo: failed as asked")
			return 2
		case "panic":
			panic("asked\nto")
		case "stdin":
			if _, err := io.ReadAll(stdio.Stdin); err != nil {
				fmt.Fprintf(stdio.Stderr, "echo: %v\n", err)
				return 1
			}
		}
	}
	fmt.Fprintln(stdio.Stdout, strings.Join(args, " "))
	return 0
}

func TestServe(t *testing.T) {
	var in bytes.Buffer
	for _, req := range []*Request{
		{Arguments: []string{"a", "b"}, RequestID: 0},
		{Arguments: []string{"fail"}, RequestID: 0},
		{RequestID: 3, Cancel: true},
		{Arguments: []string{"panic"}},
		{Arguments: []string{"stdin"}},
		{Arguments: []string{"c"}, RequestID: 5},
	} {
		in.Write(frame(EncodeRequest(req)))
	}
	in.Write(frame([]byte{0x0a, 0x05, 'a'})) // cut-short string: answered, then serving goes on
	in.Write(frame(EncodeRequest(&Request{Arguments: []string{"last"}})))
	var out bytes.Buffer
	if err := Serve(&in, &out, "echo", echo); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	var got []*Response
	r := bufio.NewReader(&out)
	for {
		resp, err := ReadResponse(r)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, resp)
	}
	want := []*Response{
		{Output: "a b\n"},
		{ExitCode: 2, Output: "echo: failed as asked\n"},
		{ExitCode: 1, Output: `echo: internal error: asked\nto` + "\n"},
		{ExitCode: 1, Output: "echo: " + ErrNoStdin.Error() + "\n"},
		{Output: "c\n", RequestID: 5},
		{ExitCode: 1, Output: "echo: malformed work request: field 1: cut short\n"},
		{Output: "last\n"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("responses (-want +got):\n%s", diff)
	}
}

func TestServeBrokenStream(t *testing.T) {
	in := append(frame(EncodeRequest(&Request{Arguments: []string{"x"}})), 0x85)
	var out bytes.Buffer
	err := Serve(bytes.NewReader(in), &out, "echo", echo)
	var fe *FrameError
	if !errors.As(err, &fe) {
		t.Fatalf("Serve: %v, want a *FrameError", err)
	}
	resp, rerr := ReadResponse(bufio.NewReader(&out))
	if rerr != nil || resp.Output != "x\n" {
		t.Errorf("first response %+v, %v; want it answered before the broken frame", resp, rerr)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestServeWriteError(t *testing.T) {
	in := frame(EncodeRequest(&Request{Arguments: []string{"x"}}))
	if err := Serve(bytes.NewReader(in), failWriter{}, "echo", echo); err == nil || err.Error() != "pipe closed" {
		t.Errorf("Serve: %v, want the write error", err)
	}
}

func TestIsWorker(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"@p"}, false},
		{[]string{"--persistent_worker"}, true},
		{[]string{"-x", "--persistent_worker"}, true},
		{[]string{"-persistent_worker"}, false},
	} {
		if got := IsWorker(tc.args); got != tc.want {
			t.Errorf("IsWorker(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
