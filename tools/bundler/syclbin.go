package main

import (
	"fmt"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/syclbin"
)

// syclbinInput is one device image with the options in force at its
// position: -target, -arch and -ir-type stick until changed;
// -properties applies to the next image only.
type syclbinInput struct {
	path       string
	table      bool
	target     string
	arch       string
	irType     syclbin.IRType
	properties string
}

type syclbinConfig struct {
	out       string
	state     syclbin.State
	inputs    []syclbinInput
	container string // v1, offload-v1 or v2
	imageKind int    // IMG_SYCLBIN for the OffloadBinary containers
}

func parseSYCLBINArgs(args []string) (*syclbinConfig, error) {
	fs := newFlagSet([]string{"o", "state", "target", "arch", "ir-type", "properties", "table", "container", "image-kind"}, nil)
	cfg := &syclbinConfig{container: "v1"}
	cur := syclbinInput{irType: syclbin.IRSPIRV}
	stateSet := false
	err := fs.walk(args, func(name, val string) error {
		switch name {
		case "":
			in := cur
			in.path = val
			cfg.inputs = append(cfg.inputs, in)
			cur.properties = ""
		case "table":
			if cur.properties != "" {
				return usagef("%s: -properties cannot apply to a -table (use its Properties column)", val)
			}
			in := cur
			in.path, in.table = val, true
			cfg.inputs = append(cfg.inputs, in)
		case "o":
			cfg.out = val
		case "state":
			st, ok := syclbin.ParseState(val)
			if !ok {
				return usagef("invalid -state=%s (want input, object or executable)", val)
			}
			cfg.state, stateSet = st, true
		case "target":
			cur.target = val
		case "arch":
			cur.arch = val
		case "ir-type":
			t, ok := syclbin.ParseIRType(val)
			if !ok {
				return usagef("invalid -ir-type=%s (want spirv, ptx or amdgcn)", val)
			}
			cur.irType = t
		case "properties":
			cur.properties = val
		case "container":
			if val != "v1" && val != "offload-v1" && val != "v2" {
				return usagef("invalid -container=%s (want v1, offload-v1 or v2)", val)
			}
			cfg.container = val
		case "image-kind":
			n, err := intVal(name, val, 1, 0xffff)
			if err != nil {
				return err
			}
			cfg.imageKind = n
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.out == "":
		return nil, usagef("syclbin: no output file (-o)")
	case !stateSet:
		return nil, usagef("syclbin: no -state (input, object or executable)")
	case len(cfg.inputs) == 0:
		return nil, usagef("syclbin: no input images")
	case cur.properties != "":
		return nil, usagef("syclbin: -properties=%s is not followed by an image", cur.properties)
	case cfg.container != "v1" && cfg.imageKind == 0:
		// IMG_SYCLBIN's numeric value is not recorded in the format
		// reference, so it is never guessed.
		return nil, usagef("syclbin: -container=%s needs -image-kind=N (the numeric IMG_SYCLBIN of the consuming toolchain)", cfg.container)
	}
	return cfg, nil
}

// abstractModule makes one abstract module from an image: an IR module
// (type from -ir-type, target from -target) when no -arch is in force,
// otherwise a native image for that architecture, as DPC++'s v1 writer
// does for each split module.
func abstractModule(in syclbinInput, image, propsPath string) (syclbin.AbstractModule, error) {
	var am syclbin.AbstractModule
	data, err := inputfile.Read(image, inputfile.DeviceImage)
	if err != nil {
		return am, err
	}
	if propsPath != "" {
		text, err := inputfile.Read(propsPath, inputfile.PropertySet)
		if err != nil {
			return am, err
		}
		if am.Metadata, err = propset.Parse(text, propsPath); err != nil {
			return am, err
		}
	}
	if in.arch != "" {
		am.NativeImages = []syclbin.Module{{Metadata: syclbin.NativeImageMetadata(in.arch), Data: data}}
	} else {
		am.IRModules = []syclbin.Module{{Metadata: syclbin.IRModuleMetadata(in.irType, in.target), Data: data}}
	}
	return am, nil
}

// tableModules reads a file table: Code is required, Properties is
// optional, other columns (Symbols) are ignored because SYCLBIN v1 has no
// symbol table (entry points travel in the property sets). Relative paths
// are relative to the current directory, as for the wrapper.
func tableModules(in syclbinInput) ([]syclbin.AbstractModule, error) {
	text, err := inputfile.Read(in.path, inputfile.FileTable)
	if err != nil {
		return nil, err
	}
	t, err := filetable.Parse(text, in.path)
	if err != nil {
		return nil, err
	}
	code, ok := t.Column(filetable.ColumnCode)
	if !ok {
		return nil, fmt.Errorf("%s: file table has no Code column", in.path)
	}
	props, _ := t.Column(filetable.ColumnProperties)
	var out []syclbin.AbstractModule
	for i, c := range code {
		p := ""
		if props != nil {
			p = props[i]
		}
		am, err := abstractModule(in, c, p)
		if err != nil {
			return nil, err
		}
		out = append(out, am)
	}
	return out, nil
}

func runSYCLBIN(args []string) error {
	cfg, err := parseSYCLBINArgs(args)
	if err != nil {
		return err
	}
	f := syclbin.New(cfg.state)
	for _, in := range cfg.inputs {
		if in.table {
			ams, err := tableModules(in)
			if err != nil {
				return err
			}
			f.AbstractModules = append(f.AbstractModules, ams...)
			continue
		}
		am, err := abstractModule(in, in.path, in.properties)
		if err != nil {
			return err
		}
		f.AbstractModules = append(f.AbstractModules, am)
	}
	var data []byte
	opt := syclbin.ContainerOptions{ImageKind: offloadbinary.ImageKind(cfg.imageKind)}
	switch cfg.container {
	case "offload-v1":
		data, err = f.WrapV1(opt)
	case "v2":
		data, err = f.BytesV2(opt)
	default:
		data, err = f.Bytes()
	}
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Clean(cfg.out), data)
}
