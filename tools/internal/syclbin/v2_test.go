package syclbin

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
)

// testImageKind stands in for IMG_SYCLBIN, whose value is not recorded.
const testImageKind offloadbinary.ImageKind = 0x7f

var containerOpts = ContainerOptions{ImageKind: testImageKind}

func TestV2Golden(t *testing.T) {
	got, err := sample(t).BytesV2(containerOpts)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sample-v2.offload")
	if update {
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (UPDATE_GOLDEN=1 to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("encoding differs from %s", path)
	}
	b, _, err := offloadbinary.Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, e := range b.Entries {
		r, _ := e.Get(KeyRole)
		a, _ := e.Get(KeyAMIndex)
		roles = append(roles, r+":"+a)
		if e.ImageKind != testImageKind || e.OffloadKind != offloadbinary.OffloadSYCL {
			t.Errorf("entry kinds %v %v", e.ImageKind, e.OffloadKind)
		}
	}
	if diff := cmp.Diff([]string{"global_metadata:", "am_metadata:0", "ir:0", "ir:0", "am_metadata:1", "native:1"}, roles); diff != "" {
		t.Errorf("roles (-want +got):\n%s", diff)
	}
	if tr, _ := b.Entries[2].Get(KeyTriple); tr != "spir64" {
		t.Errorf("triple copy %q", tr)
	}
	f, c, err := ParseAny(want)
	if err != nil || c != ContainerV2 {
		t.Fatalf("%v %v", c, err)
	}
	if diff := cmp.Diff(normalize(sample(t)), normalize(f), cmpRegistry); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestParseAny(t *testing.T) {
	v1, _ := sample(t).Bytes()
	wrapped, err := sample(t).WrapV1(containerOpts)
	if err != nil {
		t.Fatal(err)
	}
	v2, _ := sample(t).BytesV2(containerOpts)
	for _, tt := range []struct {
		data []byte
		want Container
	}{{v1, ContainerV1}, {wrapped, ContainerWrappedV1}, {v2, ContainerV2}} {
		f, c, err := ParseAny(tt.data)
		if err != nil || c != tt.want {
			t.Errorf("%v: got %v, %v", tt.want, c, err)
			continue
		}
		if diff := cmp.Diff(normalize(sample(t)), normalize(f), cmpRegistry); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tt.want, diff)
		}
	}
	if _, err := sample(t).BytesV2(ContainerOptions{}); err == nil {
		t.Error("BytesV2 without an image kind")
	}
}

func TestV2Errors(t *testing.T) {
	base := func() *offloadbinary.Binary {
		v2, _ := sample(t).BytesV2(containerOpts)
		b, _, _ := offloadbinary.Parse(v2)
		return b
	}
	set := func(e *offloadbinary.Entry, k, v string) {
		for i := range e.Strings {
			if e.Strings[i].Key == k {
				e.Strings[i].Value = v
				return
			}
		}
		e.Strings = append(e.Strings, offloadbinary.String{Key: k, Value: v})
	}
	tests := []struct {
		name string
		mut  func(b *offloadbinary.Binary)
		want string
	}{
		{"format version", func(b *offloadbinary.Binary) { set(&b.Entries[1], KeyFormatVersion, "3") }, "sycl_format_version"},
		{"unknown role", func(b *offloadbinary.Binary) { set(&b.Entries[1], KeyRole, "manifest") }, "unknown role"},
		{"two globals", func(b *offloadbinary.Binary) { set(&b.Entries[1], KeyRole, RoleGlobal) }, "2 global_metadata"},
		{"am index too big", func(b *offloadbinary.Binary) { set(&b.Entries[2], KeyAMIndex, "99") }, "invalid am_index"},
		{"am index junk", func(b *offloadbinary.Binary) { set(&b.Entries[2], KeyAMIndex, "+1") }, "invalid am_index"},
		{"missing am metadata", func(b *offloadbinary.Binary) { set(&b.Entries[2], KeyAMIndex, "4") }, "abstract module 2 has no am_metadata"},
		{"metadata size", func(b *offloadbinary.Binary) { b.Entries[2].Image = []byte{0xff, 0xff, 0, 0, 0, 0, 0, 0, 'x'} }, "exceeds"},
		{"short image", func(b *offloadbinary.Binary) { b.Entries[2].Image = []byte{1} }, "lacks the metadata size"},
		{"not sycl", func(b *offloadbinary.Binary) { b.Entries[0].OffloadKind = offloadbinary.OffloadCuda }, "not SYCL"},
		{"bad metadata", func(b *offloadbinary.Binary) { b.Entries[1].Image = []byte("junk\n") }, "metadata"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := base()
			tt.mut(b)
			data, err := b.Bytes(offloadbinary.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = ParseAny(data)
			var fe *FormatError
			var me *MetadataError
			if err == nil || (!errors.As(err, &fe) && !errors.As(err, &me)) {
				t.Fatalf("error %T %v", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func FuzzParseAny(f *testing.F) {
	v1, _ := sample(f).Bytes()
	w, _ := sample(f).WrapV1(containerOpts)
	v2, _ := sample(f).BytesV2(containerOpts)
	f.Add(v1)
	f.Add(w)
	f.Add(v2)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, c, err := ParseAny(data)
		if err != nil {
			return
		}
		var enc []byte
		if c == ContainerV2 {
			enc, err = file.BytesV2(containerOpts)
		} else {
			enc, err = file.Bytes()
		}
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		again, _, err := ParseAny(enc)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if diff := cmp.Diff(normalize(file), normalize(again), cmpRegistry); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
