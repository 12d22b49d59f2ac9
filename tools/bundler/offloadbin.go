package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

// imageSpec is one -image=file=F,triple=T,... (clang-offload-packager
// syntax): file, kind, image-kind and flags set entry fields; every other
// KEY=VALUE becomes a string of the entry, in the order given.
func parseImageSpec(spec string) (path string, e offloadbinary.Entry, err error) {
	kindSet, imageKindSet := false, false
	for _, item := range strings.Split(spec, ",") {
		eq := strings.IndexByte(item, '=')
		if eq <= 0 {
			return "", e, usagef("-image: %q is not KEY=VALUE", item)
		}
		k, v := item[:eq], item[eq+1:]
		switch k {
		case "file":
			path = v
		case "kind":
			ok := false
			if e.OffloadKind, ok = offloadbinary.ParseOffloadKind(v); !ok {
				return "", e, usagef("-image: unknown kind=%s (want openmp, cuda, hip or sycl)", v)
			}
			kindSet = true
		case "image-kind":
			ok := false
			if e.ImageKind, ok = offloadbinary.ParseImageKind(v); !ok {
				return "", e, usagef("-image: unknown image-kind=%s (want o, bc, cubin, fatbin, s, spv or a number)", v)
			}
			imageKindSet = true
		case "flags":
			n, perr := strconv.ParseUint(v, 0, 32)
			if perr != nil {
				return "", e, usagef("-image: invalid flags=%s", v)
			}
			e.Flags = uint32(n)
		default:
			for _, s := range e.Strings {
				if s.Key == k {
					return "", e, usagef("-image: %s given twice", k)
				}
			}
			e.Strings = append(e.Strings, offloadbinary.String{Key: k, Value: v})
		}
	}
	if path == "" {
		return "", e, usagef("-image=%s: no file=", spec)
	}
	if !kindSet {
		return "", e, usagef("-image=%s: no kind=", spec)
	}
	if !imageKindSet {
		ext := strings.TrimPrefix(filepath.Ext(path), ".")
		if ext == "ptx" {
			ext = "s"
		}
		k, ok := offloadbinary.ParseImageKind(ext)
		if !ok || ext == "none" || ext == "" || (ext[0] >= '0' && ext[0] <= '9') {
			return "", e, usagef("-image=%s: cannot infer image-kind from the file name; give image-kind=", spec)
		}
		e.ImageKind = k
	}
	return path, e, nil
}

func runOffloadBinary(args []string, budget *inflate.Budget, stdout io.Writer) error {
	if len(args) == 0 {
		return usagef("offload-binary: want pack or unpack")
	}
	switch args[0] {
	case "-h", "-help", "--help":
		return &usage.Help{Text: synopsis}
	case "pack":
		return packOffloadBinary(args[1:])
	case "unpack":
		return unpackOffloadBinary(args[1:], budget, stdout)
	}
	return usagef("offload-binary: unknown action %q (want pack or unpack)", args[0])
}

func packOffloadBinary(args []string) error {
	fs := newFlagSet([]string{"o", "image", "version", "compression-level"}, []string{"compress"})
	var out string
	var specs []string
	version, level, compress := 2, 0, false
	err := fs.walk(args, func(name, val string) error {
		var err error
		switch name {
		case "":
			return usagef("offload-binary pack: unexpected argument %q (images are given with -image=file=...)", val)
		case "o":
			out = val
		case "image":
			specs = append(specs, val)
		case "version":
			version, err = intVal(name, val, 1, 3)
		case "compression-level":
			level, err = intVal(name, val, 1, 22)
		case "compress":
			compress = boolVal(val)
		}
		return err
	})
	if err != nil {
		return err
	}
	if out == "" {
		return usagef("offload-binary pack: no output file (-o)")
	}
	if len(specs) == 0 {
		return usagef("offload-binary pack: no -image")
	}
	if compress && version != 3 {
		if version != 2 {
			return usagef("offload-binary pack: -compress needs -version=3")
		}
		version = 3 // compression exists only in version 3
	}
	var entries []offloadbinary.Entry
	for _, s := range specs {
		path, e, err := parseImageSpec(s)
		if err != nil {
			return err
		}
		if e.Image, err = inputfile.Read(path, inputfile.DeviceImage); err != nil {
			return err
		}
		entries = append(entries, e)
	}
	var bins []*offloadbinary.Binary
	if version == 1 {
		// Version 1 holds one entry: one binary per image, concatenated.
		for _, e := range entries {
			bins = append(bins, &offloadbinary.Binary{Version: 1, Entries: []offloadbinary.Entry{e}})
		}
	} else {
		bins = []*offloadbinary.Binary{{Version: uint32(version), Entries: entries, Compressed: compress}}
	}
	data, err := offloadbinary.Concat(bins, offloadbinary.WriteOptions{Level: level})
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(out, data)
}

// entryFileName names an extracted image "<binary>.<entry>[-<triple>][-<arch>].<ext>".
func entryFileName(b, i int, e *offloadbinary.Entry) string {
	name := fmt.Sprintf("%d.%d", b, i)
	for _, k := range []string{"triple", "arch"} {
		if v, ok := e.Get(k); ok && v != "" {
			name += "-" + v
		}
	}
	ext := "bin"
	if e.ImageKind >= offloadbinary.ImageObject && e.ImageKind <= offloadbinary.ImageSPIRV {
		ext = e.ImageKind.String()
	}
	return name + "." + ext
}

func unpackOffloadBinary(args []string, budget *inflate.Budget, stdout io.Writer) (err error) {
	fs := newFlagSet([]string{"input", "output-dir"}, nil)
	var input, dir string
	if err := fs.walk(args, func(name, val string) error {
		switch name {
		case "":
			if input != "" {
				return usagef("offload-binary unpack: more than one input")
			}
			input = val
		case "input":
			input = val
		case "output-dir":
			dir = val
		}
		return nil
	}); err != nil {
		return err
	}
	if input == "" || dir == "" {
		return usagef("offload-binary unpack: want -input=FILE and -output-dir=DIR")
	}
	data, err := inputfile.Read(input, inputfile.DeviceImage)
	if err != nil {
		return err
	}
	bins, err := offloadbinary.ParseOptions{Budget: budget}.ParseAll(data)
	if err != nil {
		return fmt.Errorf("%s: %w", input, err)
	}
	// Check every name before writing anything.
	var names []string
	for b, bin := range bins {
		for i := range bin.Entries {
			n := entryFileName(b, i, &bin.Entries[i])
			if err := checkName(n); err != nil {
				return fmt.Errorf("%s: binary %d entry %d: %w", input, b, i, err)
			}
			names = append(names, n)
		}
	}
	var outs outputs
	defer func() {
		if err != nil {
			outs.abort()
		}
	}()
	if err := outs.dir(dir); err != nil {
		return err
	}
	k := 0
	for _, bin := range bins {
		for i := range bin.Entries {
			if err := outs.writeIn(dir, names[k], bin.Entries[i].Image); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s\t%d bytes\n", names[k], len(bin.Entries[i].Image))
			k++
		}
	}
	return outs.commit()
}
