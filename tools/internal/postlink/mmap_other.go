//go:build !linux

package postlink

import "os"

// mapFile is not available here: the caller reads the file.
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) { return nil, nil, false }

// dropPages does nothing without mappings.
func dropPages(data []byte) {}

// dropPagesBefore does nothing without mappings.
func dropPagesBefore(data []byte, end int) {}
