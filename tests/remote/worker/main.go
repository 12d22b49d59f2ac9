// Command worker is a minimal REAPI test worker for tests/remote/run.sh, not a
// product: it leases actions from a BuildGrid server through the Remote
// Workers Bots API (v1test2), fetches the action's inputs from the server's
// CAS into a fresh directory, runs the command there with only the
// environment the action names, uploads the declared outputs and reports the
// ActionResult with the lease. One lease at a time; no sandbox beyond the
// fresh input root (the test relies on the action declaring every input: a
// file Bazel did not send is simply not there).
//
//	worker -server 127.0.0.1:PORT -id NAME -dir WORKDIR
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	server := flag.String("server", "", "BuildGrid address, host:port")
	id := flag.String("id", "", "bot id (unique per worker)")
	dir := flag.String("dir", "", "work directory (input roots are created under it)")
	instance := flag.String("instance", "", "REAPI instance name")
	flag.Parse()
	if *server == "" || *id == "" || *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: worker -server HOST:PORT -id NAME -dir WORKDIR [-instance NAME]")
		os.Exit(2)
	}
	logger := log.New(os.Stderr, "worker "+*id+": ", log.Ltime|log.Lmicroseconds)
	if err := run(*server, *id, *dir, *instance, logger); err != nil {
		logger.Printf("error: %v", err)
		os.Exit(1)
	}
}

func run(server, id, dir, instance string, logger *log.Logger) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	conn, err := grpc.Dial(server,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20), grpc.MaxCallSendMsgSize(64<<20)))
	if err != nil {
		return fmt.Errorf("dial %s: %w", server, err)
	}
	defer conn.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	cache, err := newBlobCache(filepath.Join(dir, "cache"))
	if err != nil {
		return err
	}
	b := &bot{
		id:     id,
		dir:    dir,
		parent: instance,
		cas:    newCAS(conn, instance),
		cache:  cache,
		conn:   conn,
		log:    logger,
	}
	for {
		err = b.loop(ctx)
		if ctx.Err() != nil {
			logger.Printf("stopped (%d actions run, %d bytes uploaded)", b.ran, b.uploaded)
			return nil
		}
		// The server dropped the session (e.g. it expired): start another.
		logger.Printf("%v; new session", err)
		time.Sleep(time.Second)
	}
}
