package atomicfile

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// CleanupOnSignal runs cleanup when the process gets SIGINT or SIGTERM and
// then dies of that signal (so a parent sees the usual status); stop
// undoes it. Tools use it to remove their staging directories and
// temporary files, and kill their children, when interrupted. Once a
// signal is being handled, stop does not return: the run's own error
// path (its children were just killed) must not exit first.
func CleanupOnSignal(cleanup func()) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	var mu sync.Mutex
	stopped, handling := false, false
	go func() {
		sig, ok := <-ch
		if !ok {
			return
		}
		mu.Lock()
		if stopped {
			mu.Unlock()
			return
		}
		handling = true
		mu.Unlock()
		cleanup()
		signal.Reset(sig)
		if s, ok := sig.(syscall.Signal); ok {
			syscall.Kill(os.Getpid(), s)
			// Delivery is asynchronous: give it a moment, then exit
			// with the status a shell gives a death by s.
			time.Sleep(time.Second)
			os.Exit(128 + int(s))
		}
		os.Exit(1)
	}()
	return func() {
		mu.Lock()
		if stopped && !handling {
			mu.Unlock()
			return
		}
		stopped = true
		h := handling
		mu.Unlock()
		for h {
			time.Sleep(time.Hour)
		}
		signal.Stop(ch)
		close(ch)
	}
}
