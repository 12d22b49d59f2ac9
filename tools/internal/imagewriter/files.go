package imagewriter

import (
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
)

// fileWriter stages small outputs (.sym and .prop files) on up to n
// goroutines, so that creating them (a file system's inode allocation
// can cost more than computing them) overlaps the extraction of the next
// images instead of holding it up. The files' contents are computed
// before write is called, in image order; only the create-write-close
// runs concurrently.
type fileWriter struct {
	outs  *atomicfile.Staging
	slots chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	// err is the failure of the lowest order written so far (orders
	// follow the files' place in the outputs, so the message does not
	// depend on scheduling).
	err      error
	errOrder int
}

func newFileWriter(outs *atomicfile.Staging, n int) *fileWriter {
	return &fileWriter{outs: outs, slots: make(chan struct{}, n)}
}

// write stages path with data; order ranks its failure among others.
func (f *fileWriter) write(order int, path string, data []byte) {
	f.slots <- struct{}{}
	f.wg.Add(1)
	go func() {
		defer func() { <-f.slots; f.wg.Done() }()
		if err := f.outs.WriteFile(path, data); err != nil {
			f.mu.Lock()
			if f.err == nil || order < f.errOrder {
				f.err, f.errOrder = err, order
			}
			f.mu.Unlock()
		}
	}()
}

func (f *fileWriter) failed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err != nil
}

// wait waits for every write and returns the first failure.
func (f *fileWriter) wait() error {
	f.wg.Wait()
	return f.err
}
