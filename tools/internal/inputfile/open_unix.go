//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK, which makes an
// open of a FIFO return at once instead of waiting for a writer; for a
// regular file the flag changes nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
