package main

import (
	"debug/elf"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/unwrap"
)

// hostTriples are the wrapper's -host for the machines it writes.
var hostTriples = map[elf.Machine]string{
	elf.EM_X86_64:  "x86_64-unknown-linux-gnu",
	elf.EM_AARCH64: "aarch64-unknown-linux-gnu",
}

// runUnwrap writes the images of a wrapped object (or of a program or
// library linked from such objects), their property sets and entries, and
// the file tables and param file that make tools/wrapper build the same
// descriptors again (see package unwrap):
//
//	bundler unwrap [-decompress] [-descriptor=N]... -output-dir=DIR FILE
func runUnwrap(args []string, budget *inflate.Budget) (err error) {
	fs := newFlagSet([]string{"output-dir", "descriptor"}, []string{"decompress"})
	var path, dir string
	var which []int
	decompress := false
	err = fs.walk(args, func(name, val string) error {
		switch name {
		case "":
			if path != "" {
				return usagef("unwrap: want exactly one FILE")
			}
			path = val
		case "output-dir":
			dir = val
		case "descriptor":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				return usagef("invalid -descriptor=%s (want an index from bundler inspect, 0 first)", val)
			}
			which = append(which, n)
		case "decompress":
			decompress = boolVal(val)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if path == "" || dir == "" {
		return usagef("unwrap: want -output-dir=DIR and one FILE")
	}
	data, err := inputfile.Read(path, inputfile.Program)
	if err != nil {
		return err
	}
	descs, err := devicebinaries.Read(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	host, err := devicebinaries.ReadHost(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	triple, ok := hostTriples[host.Machine]
	if !ok {
		return fmt.Errorf("%s: machine %v: the wrapper writes x86_64 and aarch64 objects only", path, host.Machine)
	}
	seen := map[int]bool{}
	for _, n := range which {
		if n >= len(descs) {
			return usagef("-descriptor=%d: %s holds %d descriptors", n, path, len(descs))
		}
		if seen[n] {
			return usagef("-descriptor=%d given twice", n)
		}
		seen[n] = true
	}
	files, err := unwrap.Files(descs, which, unwrap.Options{Dir: dir, Host: triple, NoRegFuncs: host.Relocatable && !host.InitArray,
		Decompress: decompress, Budget: budget})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
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
	made := map[string]bool{}
	for _, f := range files {
		sub := filepath.Join(dir, filepath.Dir(f.Name))
		if !made[sub] {
			made[sub] = true
			if err := outs.dir(sub); err != nil {
				return err
			}
		}
		if err := outs.write(filepath.Join(dir, f.Name), f.Data); err != nil {
			return err
		}
	}
	return outs.commit()
}
