package main

import (
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Property sets of device-library images (sycl-post-link's
// computeDeviceLibProperties) and of the images that call them.
const (
	exportedSymbolsSet = "SYCL/exported symbols"
	importedSymbolsSet = "SYCL/imported symbols"
	deviceLibSet       = "SYCL/devicelib metadata"
)

// exportsOf returns the symbols a device-library image exports. An image
// without "SYCL/exported symbols" or "SYCL/devicelib metadata" is not one:
// libsycl would take it for an ordinary image without kernels and drop it.
func exportsOf(img descriptor.Image, table string) ([]string, error) {
	if img.Properties == nil {
		return nil, &InputError{table, img.Data.Name + ": a device-library image needs its property sets (no Properties file)"}
	}
	if _, ok := img.Properties.Set(deviceLibSet); !ok {
		return nil, &InputError{table, img.Data.Name + ": not a device-library image (no [" + deviceLibSet + "] property set)"}
	}
	set, ok := img.Properties.Set(exportedSymbolsSet)
	if !ok || set.Len() == 0 {
		return nil, &InputError{table, img.Data.Name + ": a device-library image exports nothing (no [" + exportedSymbolsSet + "])"}
	}
	var names []string
	for _, p := range set.Properties() {
		names = append(names, p.Name)
	}
	return names, nil
}

// neededDeviceLibs returns the device-library images to wrap with images:
// every library image of a target one of whose images imports a symbol the
// library exports. DPC++ adds the bfloat16 library's images (native and
// fallback, which export the same symbols) the same way, once per program,
// and libsycl links the one the device supports into the program of each
// image importing them.
func neededDeviceLibs(images, libs []descriptor.Image) []descriptor.Image {
	imports := map[string]map[string]bool{} // target -> imported symbols
	for _, img := range images {
		if img.Properties == nil {
			continue
		}
		set, ok := img.Properties.Set(importedSymbolsSet)
		if !ok {
			continue
		}
		if imports[img.Target] == nil {
			imports[img.Target] = map[string]bool{}
		}
		for _, p := range set.Properties() {
			imports[img.Target][p.Name] = true
		}
	}
	var out []descriptor.Image
	for _, lib := range libs {
		set, _ := lib.Properties.Set(exportedSymbolsSet)
		for _, p := range set.Properties() {
			if imports[lib.Target][p.Name] {
				out = append(out, lib)
				break
			}
		}
	}
	return out
}

// withoutImports returns reg without the imported symbols names: those a
// library linked into the image ahead of time defines (DPC++ links the
// bfloat16 library into its AOT images before sycl-post-link, whose
// property sets then import nothing of it; libsycl refuses an AOT image
// that imports: "Cannot resolve external symbols, linking is unsupported
// for the backend"). A set left empty is dropped; reg is not modified.
func withoutImports(reg *propset.Registry, names []string) *propset.Registry {
	if reg == nil {
		return nil
	}
	set, ok := reg.Set(importedSymbolsSet)
	if !ok {
		return reg
	}
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	var kept []propset.Property
	for _, p := range set.Properties() {
		if !drop[p.Name] {
			kept = append(kept, p)
		}
	}
	if len(kept) == set.Len() {
		return reg
	}
	out := &propset.Registry{}
	for _, s := range reg.Sets() {
		if s.Name == importedSymbolsSet {
			if len(kept) == 0 {
				continue
			}
			ns := out.AddSet(s.Name)
			for _, p := range kept {
				ns.Add(p.Name, p.Value)
			}
			continue
		}
		ns := out.AddSet(s.Name)
		for _, p := range s.Properties() {
			ns.Add(p.Name, p.Value)
		}
	}
	return out
}
