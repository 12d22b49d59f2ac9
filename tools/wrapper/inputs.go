package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/zstdimage"
)

// InputError reports an unreadable or malformed input file.
type InputError struct {
	File string
	Msg  string
}

func (e *InputError) Error() string { return e.File + ": " + e.Msg }

func run(args []string) error {
	cfg, err := parseArgs(args)
	if err != nil {
		return err
	}
	// The output must replace no input (an image, table, .sym or .prop),
	// checked before anything is read, and again for the images the
	// tables name once they are read.
	var named []string
	for _, in := range cfg.inputs {
		named = append(named, in.path, in.entriesFile, in.propertyFile)
	}
	if err := atomicfile.CheckOutputs([]string{cfg.out}, named); err != nil {
		return err
	}
	var images, libs []descriptor.Image
	linked := map[string][]string{} // target -> symbols linked into its images
	for _, in := range cfg.inputs {
		imgs, err := load(in)
		if err != nil {
			return err
		}
		if in.linkedLibs {
			for _, img := range imgs {
				names, err := exportsOf(img, in.path)
				if err != nil {
					return err
				}
				linked[img.Target] = append(linked[img.Target], names...)
			}
			continue
		}
		if in.deviceLibs {
			for _, img := range imgs {
				if _, err := exportsOf(img, in.path); err != nil {
					return err
				}
			}
			libs = append(libs, imgs...)
			continue
		}
		for _, img := range imgs {
			if cfg.skipEmpty && len(img.Entries) == 0 {
				continue
			}
			images = append(images, img)
		}
	}
	for i := range images {
		if names := linked[images[i].Target]; len(names) > 0 {
			images[i].Properties = withoutImports(images[i].Properties, names)
		}
	}
	images = append(images, neededDeviceLibs(images, libs)...)
	named = named[:0]
	for _, img := range images {
		named = append(named, img.Data.Name)
	}
	if err := atomicfile.CheckOutputs([]string{cfg.out}, named); err != nil {
		return err
	}
	// The output and the compressed images' temporary files live in a
	// staging directory next to the output, removed when the run fails or
	// is interrupted.
	stage := atomicfile.NewStaging()
	defer stage.Abort()
	defer atomicfile.CleanupOnSignal(stage.Abort)()
	if cfg.compress {
		if err := compressImages(images, cfg, stage); err != nil {
			return err
		}
	}
	obj, err := descriptor.Build(images, cfg.opts)
	if err != nil {
		return err
	}
	f, err := stage.Create(cfg.out)
	if err != nil {
		return err
	}
	err = obj.Write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", cfg.out, err)
	}
	return stage.Commit()
}

// compressImages replaces every image larger than the threshold by a zstd
// frame (format 4), in a temporary file of the output's staging directory
// so that memory use does not depend on image size.
func compressImages(images []descriptor.Image, cfg *config, stage *atomicfile.Staging) error {
	for i := range images {
		img := &images[i]
		if img.Format == descriptor.FormatCompressedNone || !zstdimage.ShouldCompress(img.Data.Size, cfg.threshold) {
			continue
		}
		tmp, err := stage.TempFile(filepath.Dir(cfg.out), filepath.Base(cfg.out)+".zst*")
		if err != nil {
			return atomicfile.CreateError(cfg.out, err)
		}
		err = compressOne(tmp, img.Data, cfg.level)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("%s: compressing: %w", img.Data.Name, err)
		}
		src, err := elfobj.FileSource(tmp.Name())
		if err != nil {
			return err
		}
		src.Name = img.Data.Name + " (compressed)"
		img.Data = src
		img.Format = descriptor.FormatCompressedNone
	}
	return nil
}

func compressOne(w io.Writer, src elfobj.Source, level int) error {
	rc, err := src.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return zstdimage.Compress(w, rc, src.Size, level)
}

// load turns one positional argument into images.
func load(in input) ([]descriptor.Image, error) {
	if !in.batch {
		img, err := loadImage(in, in.path, in.entriesFile, in.propertyFile)
		if err != nil {
			return nil, err
		}
		return []descriptor.Image{img}, nil
	}
	data, err := inputfile.Read(in.path, inputfile.FileTable)
	if err != nil {
		return nil, err
	}
	t, err := filetable.Parse(data, in.path)
	if err != nil {
		return nil, err
	}
	code, ok := t.ColumnIndex(filetable.ColumnCode)
	if !ok {
		return nil, &InputError{in.path, "file table has no Code column"}
	}
	sym, hasSym := t.ColumnIndex(filetable.ColumnSymbols)
	prop, hasProp := t.ColumnIndex(filetable.ColumnProperties)
	man, hasMan := t.ColumnIndex(filetable.ColumnManifest)
	var out []descriptor.Image
	for r, row := range t.Rows {
		if row[code] == "" {
			return nil, &InputError{in.path, fmt.Sprintf("row %d has an empty Code cell", r+1)}
		}
		if hasMan && row[man] != "" {
			return nil, &InputError{in.path, fmt.Sprintf("row %d: Manifest files are not supported (manifest pointers are always NULL)", r+1)}
		}
		var symFile, propFile string
		if hasSym {
			symFile = row[sym]
		}
		if hasProp {
			propFile = row[prop]
		}
		img, err := loadImage(in, row[code], symFile, propFile)
		if err != nil {
			return nil, err
		}
		out = append(out, img)
	}
	return out, nil
}

// The property that names the architecture an AOT image was compiled for.
const (
	compileTargetSet      = "SYCL/device requirements"
	compileTargetProperty = "compile_target"
)

func loadImage(in input, code, symFile, propFile string) (descriptor.Image, error) {
	img := descriptor.Image{
		Target:         in.target,
		Format:         in.format,
		CompileOptions: in.compileOpts,
		LinkOptions:    in.linkOpts,
	}
	src, err := elfobj.FileSource(code)
	if err != nil {
		return img, err
	}
	img.Data = src
	if symFile != "" {
		data, err := inputfile.Read(symFile, inputfile.SymbolFile)
		if err != nil {
			return img, err
		}
		if img.Entries, err = parseSymbols(data, symFile); err != nil {
			return img, err
		}
	}
	if propFile != "" {
		data, err := inputfile.Read(propFile, inputfile.PropertySet)
		if err != nil {
			return img, err
		}
		if img.Properties, err = propset.Parse(data, propFile); err != nil {
			return img, err
		}
	}
	if in.compileTarget != "" {
		// sycl-post-link's form for -fsycl-targets=intel_gpu_<arch>: the
		// architecture's name as a byte array, which the runtime compares
		// with the device's architecture before it picks the image.
		if img.Properties == nil {
			img.Properties = &propset.Registry{}
		}
		img.Properties.Add(compileTargetSet, compileTargetProperty, propset.String(in.compileTarget))
	}
	return img, nil
}

// parseSymbols reads a .sym file: one entry name per line ("\n" or "\r\n"),
// blank lines skipped. A NUL byte cannot be part of a C string name.
func parseSymbols(data []byte, filename string) ([]string, error) {
	var names []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		if strings.IndexByte(line, 0) >= 0 {
			return nil, &InputError{fmt.Sprintf("%s:%d", filename, i+1), "NUL byte in symbol name"}
		}
		names = append(names, line)
	}
	return names, nil
}
