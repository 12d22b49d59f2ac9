package atomicfile

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// CleanupOnSignal runs cleanup when the process gets SIGINT or SIGTERM and
// then dies of that signal (so a parent sees the usual status); stop
// undoes it. Tools use it to remove their staging directories and
// temporary files when interrupted.
func CleanupOnSignal(cleanup func()) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		sig, ok := <-ch
		if !ok {
			return
		}
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
		signal.Stop(ch)
		close(ch)
	}
}
