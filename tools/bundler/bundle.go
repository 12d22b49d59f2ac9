package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
)

type bundleMode int

const (
	modeBundle bundleMode = iota
	modeUnbundle
	modeList
)

type bundleConfig struct {
	mode         bundleMode
	fileType     string
	targets      []string
	inputs       []string
	outputs      []string
	outDir       string
	compress     bool
	level        int
	ccobVersion  int
	align        int
	allowMissing bool
	budget       *inflate.Budget // decompression budget of the process
}

func parseBundleArgs(args []string, mode bundleMode) (*bundleConfig, error) {
	fs := newFlagSet(
		[]string{"type", "targets", "input", "inputs", "output", "outputs", "output-dir", "compression-level", "compressed-version", "bundle-align"},
		[]string{"unbundle", "list", "compress", "allow-missing-bundles"})
	c := &bundleConfig{mode: mode, ccobVersion: offloadbundle.CompressedV2, align: offloadbundle.DefaultAlign}
	unbundleFlag, listFlag := false, false
	err := fs.walk(args, func(name, val string) error {
		var err error
		switch name {
		case "":
			return usagef("unexpected argument %q (inputs are given with -input=)", val)
		case "type":
			c.fileType = val
		case "targets":
			c.targets = append(c.targets, splitList(val)...)
		case "input":
			c.inputs = append(c.inputs, val)
		case "inputs":
			c.inputs = append(c.inputs, splitList(val)...)
		case "output":
			c.outputs = append(c.outputs, val)
		case "outputs":
			c.outputs = append(c.outputs, splitList(val)...)
		case "output-dir":
			c.outDir = val
		case "compression-level":
			c.level, err = intVal(name, val, 1, 22)
		case "compressed-version":
			c.ccobVersion, err = intVal(name, val, 1, 3)
		case "bundle-align":
			c.align, err = intVal(name, val, 1, 1<<16)
		case "unbundle":
			unbundleFlag = boolVal(val)
		case "list":
			listFlag = boolVal(val)
		case "compress":
			c.compress = boolVal(val)
		case "allow-missing-bundles":
			c.allowMissing = boolVal(val)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	// clang-offload-bundler style: "bundle -unbundle" / "bundle -list".
	switch {
	case unbundleFlag && (listFlag || mode == modeList):
		return nil, usagef("-unbundle and -list are exclusive")
	case unbundleFlag:
		c.mode = modeUnbundle
	case listFlag:
		if mode == modeUnbundle {
			return nil, usagef("-unbundle and -list are exclusive")
		}
		c.mode = modeList
	}
	switch c.mode {
	case modeBundle:
		if c.fileType == "" {
			return nil, usagef("bundle: no -type")
		}
		if len(c.targets) == 0 {
			return nil, usagef("bundle: no -targets")
		}
		if len(c.inputs) != len(c.targets) {
			return nil, usagef("bundle: %d inputs for %d targets", len(c.inputs), len(c.targets))
		}
		if len(c.outputs) != 1 || c.outDir != "" {
			return nil, usagef("bundle: want exactly one -output")
		}
		if c.fileType == "o" || c.fileType == "a" {
			return nil, usagef("bundle: -type=%s (bundles inside host objects or archives) is not supported; use a binary type such as bc", c.fileType)
		}
	case modeUnbundle:
		if len(c.inputs) != 1 {
			return nil, usagef("unbundle: want exactly one -input")
		}
		if c.outDir == "" && len(c.outputs) != len(c.targets) {
			return nil, usagef("unbundle: %d outputs for %d targets", len(c.outputs), len(c.targets))
		}
		if c.outDir == "" && len(c.targets) == 0 {
			return nil, usagef("unbundle: want -targets with -output, or -output-dir")
		}
		if c.outDir != "" && len(c.outputs) > 0 {
			return nil, usagef("unbundle: -output and -output-dir are exclusive")
		}
	case modeList:
		if len(c.inputs) != 1 {
			return nil, usagef("list: want exactly one -input")
		}
	}
	for _, t := range c.targets {
		if err := offloadbundle.CheckID(t); err != nil {
			return nil, usagef("%v", err)
		}
	}
	return c, nil
}

func runBundle(args []string, mode bundleMode, budget *inflate.Budget, stdout io.Writer) error {
	c, err := parseBundleArgs(args, mode)
	if err != nil {
		return err
	}
	c.budget = budget
	switch c.mode {
	case modeBundle:
		return doBundle(c)
	case modeUnbundle:
		return doUnbundle(c)
	}
	in, err := readBundle(c.inputs[0], c.fileType, c.budget)
	if err != nil {
		return err
	}
	// Input without a bundle lists nothing, as with clang-offload-bundler.
	for _, e := range in.Entries {
		fmt.Fprintln(stdout, errtext.Escape(e.ID)) // IDs with escapes or bidi overrides print quoted
	}
	return nil
}

func doBundle(c *bundleConfig) error {
	b := &offloadbundle.Bundle{}
	for i, t := range c.targets {
		data, err := inputfile.Read(c.inputs[i], inputfile.DeviceImage)
		if err != nil {
			return err
		}
		b.Entries = append(b.Entries, offloadbundle.Entry{ID: offloadbundle.NormalizeID(t), Data: data})
	}
	b.Entries = offloadbundle.HostFirst(b.Entries)
	var data []byte
	var err error
	if comment, text := offloadbundle.CommentFor(c.fileType); text {
		data, err = b.Text(comment)
	} else {
		data, err = b.Bytes(uint64(c.align))
	}
	if err != nil {
		return err
	}
	if c.compress {
		if data, err = offloadbundle.Compress(data, uint16(c.ccobVersion), c.level); err != nil {
			return err
		}
	}
	return atomicfile.WriteFile(c.outputs[0], data)
}

// sectionPrefix names the ELF sections of bundles embedded in objects.
const sectionPrefix = "__CLANG_OFFLOAD_BUNDLE__"

// bundleInput is the input of list and unbundle.
type bundleInput struct {
	*offloadbundle.Bundle
	// data is what host outputs get when unbundling finds none of the
	// requested targets, as clang-offload-bundler copies it: the input,
	// or a compressed bundle's decompressed bytes.
	data []byte
	// notBundle: the input holds no bundle at all (plain bitcode, an
	// object without bundle sections): it has no entries.
	notBundle bool
}

// readBundle decodes a bundle file; for -type=o an ELF input is read from
// its __CLANG_OFFLOAD_BUNDLE__<id> sections. Input that holds no bundle
// (offloadbundle.NotBundleError, or an object without such sections) is
// a bundle without entries, as clang-offload-bundler reads it.
func readBundle(path, fileType string, budget *inflate.Budget) (*bundleInput, error) {
	data, err := inputfile.Read(path, inputfile.Program)
	if err != nil {
		return nil, err
	}
	if fileType == "o" && devicebinaries.IsELF(data) {
		secs, err := devicebinaries.OffloadSections(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		b := &offloadbundle.Bundle{}
		for _, s := range secs {
			if strings.HasPrefix(s.Name, sectionPrefix) {
				id := strings.TrimPrefix(s.Name, sectionPrefix)
				if err := offloadbundle.CheckID(id); err != nil {
					return nil, fmt.Errorf("%s: section %s: %w", path, s.Name, err)
				}
				b.Entries = append(b.Entries, offloadbundle.Entry{ID: id, Data: s.Data})
			}
		}
		return &bundleInput{Bundle: b, data: data, notBundle: len(b.Entries) == 0}, nil
	}
	d, err := offloadbundle.Parse(data, budget)
	var nb *offloadbundle.NotBundleError
	if errors.As(err, &nb) {
		return &bundleInput{Bundle: &offloadbundle.Bundle{}, data: data, notBundle: true}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &bundleInput{Bundle: d.Bundle, data: d.Data}, nil
}

// MissingError reports requested targets that the input has no bundle
// for.
type MissingError struct {
	File      string
	Targets   []string
	NotBundle bool // the input holds no bundle at all
}

func (e *MissingError) Error() string {
	what := "no bundle for target"
	if len(e.Targets) > 1 {
		what += "s"
	}
	msg := fmt.Sprintf("%s: %s %s", e.File, what, strings.Join(e.Targets, ", "))
	if e.NotBundle {
		msg += " (the file is not an offload bundle; -allow-missing-bundles copies it to host targets' outputs and leaves the others empty)"
	}
	return msg
}

// doUnbundle extracts the requested targets' code objects (matched as
// offloadbundle.Match does: compatible IDs too), or with -output-dir and
// no -targets every entry. With -allow-missing-bundles a target without
// one gets an empty file; when none of the targets has one (the input
// holds no bundle, or none for them), host targets get the input itself,
// as clang-offload-bundler does.
func doUnbundle(c *bundleConfig) (err error) {
	in, err := readBundle(c.inputs[0], c.fileType, c.budget)
	if err != nil {
		return err
	}
	match := in.Match(c.targets)
	missing := &MissingError{File: c.inputs[0], NotBundle: in.notBundle}
	for t, i := range match {
		if i < 0 {
			missing.Targets = append(missing.Targets, c.targets[t])
		}
	}
	if len(missing.Targets) > 0 && !c.allowMissing {
		return missing
	}
	if in.notBundle && c.outDir != "" && len(c.targets) == 0 && !c.allowMissing {
		return fmt.Errorf("%s: not an offload bundle: nothing to extract", c.inputs[0])
	}
	type out struct {
		path, name string
		data       []byte
	}
	var plan []out
	if c.outDir == "" {
		noneFound := len(missing.Targets) == len(c.targets)
		for t, i := range match {
			switch {
			case i >= 0:
				plan = append(plan, out{path: c.outputs[t], data: in.Entries[i].Data})
			case noneFound && offloadbundle.Kind(c.targets[t]) == "host":
				plan = append(plan, out{path: c.outputs[t], data: in.data})
			default:
				plan = append(plan, out{path: c.outputs[t]}) // empty, as clang does
			}
		}
	} else {
		picked := make([]bool, len(in.Entries))
		for _, i := range match {
			if i >= 0 {
				picked[i] = true
			}
		}
		for i, e := range in.Entries {
			if len(c.targets) > 0 && !picked[i] {
				continue
			}
			name := e.ID
			if c.fileType != "" {
				name += "." + c.fileType
			}
			if err := checkName(name); err != nil {
				return fmt.Errorf("%s: %w", c.inputs[0], err)
			}
			plan = append(plan, out{name: name, data: e.Data})
		}
	}
	var outs outputs
	defer func() {
		if err != nil {
			outs.abort()
		}
	}()
	if c.outDir != "" {
		if err := outs.dir(c.outDir); err != nil {
			return err
		}
	}
	for _, o := range plan {
		if o.name != "" {
			err = outs.writeIn(c.outDir, o.name, o.data)
		} else {
			err = outs.write(o.path, o.data)
		}
		if err != nil {
			return err
		}
	}
	return outs.commit()
}
