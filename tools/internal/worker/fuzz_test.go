package worker

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzServe feeds arbitrary streams to the request reader and the serving
// loop: no panic, every error typed, and one response per request that is
// not a cancel.
func FuzzServe(f *testing.F) {
	f.Add([]byte{})
	f.Add(frame(EncodeRequest(&Request{Arguments: []string{"-o", "x"}, RequestID: 1})))
	f.Add(append(frame(EncodeRequest(&Request{Cancel: true})), frame([]byte{0x0a, 0x01, 'a', 0x12, 0x00})...))
	f.Add([]byte{0x03, 0x80, 0x80, 0x01})
	f.Add(bytes.Repeat([]byte{0xff}, 12))
	f.Fuzz(func(t *testing.T, stream []byte) {
		// Count what the reader yields.
		r := NewReader(bytes.NewReader(stream))
		answered := 0
		var readErr error
		for {
			req, err := r.Next()
			if err == io.EOF {
				break
			}
			var de *DecodeError
			if errors.As(err, &de) {
				answered++
				continue
			}
			if err != nil {
				var fe *FrameError
				if !errors.As(err, &fe) {
					t.Fatalf("Next: untyped error %T %v", err, err)
				}
				readErr = err
				break
			}
			if !req.Cancel {
				answered++
			}
		}
		var out bytes.Buffer
		err := Serve(bytes.NewReader(stream), &out, "echo", echo)
		if (err == nil) != (readErr == nil) {
			t.Fatalf("Serve: %v; reader: %v", err, readErr)
		}
		br := bufio.NewReader(&out)
		for i := 0; i < answered; i++ {
			if _, err := ReadResponse(br); err != nil {
				t.Fatalf("response %d of %d: %v", i+1, answered, err)
			}
		}
		if _, err := ReadResponse(br); err != io.EOF {
			t.Fatalf("more than %d responses (%v)", answered, err)
		}
	})
}
