//go:build !unix

package inputfile

import "os"

// openNonBlocking is os.Open where there are no FIFOs to guard against.
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }
