package main

import (
	"context"
	"fmt"
	"log"
	"time"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	botspb "google.golang.org/genproto/googleapis/devtools/remoteworkers/v1test2"
	statuspb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/anypb"
)

// bot keeps one bot session with the server and runs its leases one at a
// time.
type bot struct {
	id     string
	dir    string
	parent string
	cas    *cas
	cache  *blobCache
	conn   *grpc.ClientConn
	log    *log.Logger
	ran    int
	// bytes of outputs this worker sent to the CAS (blobs it did not have)
	uploaded int64
}

// outcome is what running one lease gave.
type outcome struct {
	result *repb.ActionResult
	err    error
}

// The server keeps a lease with a bot whose session it heard from within its
// keepalive timeout (10 s in tests/remote/buildgrid.yml): report more often.
const heartbeat = 2 * time.Second

// A call that waits for work: the server answers after at most 80% of the
// keepalive timeout.
const pollTimeout = 30 * time.Second

func (b *bot) loop(ctx context.Context) error {
	client := botspb.NewBotsClient(b.conn)
	var session *botspb.BotSession
	for session == nil {
		cctx, cancel := context.WithTimeout(ctx, pollTimeout)
		s, err := client.CreateBotSession(cctx, &botspb.CreateBotSessionRequest{
			Parent: b.parent,
			BotSession: &botspb.BotSession{
				BotId:  b.id,
				Status: botspb.BotStatus_OK,
			},
		})
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			// The server may still be starting.
			b.log.Printf("CreateBotSession: %v; retrying", err)
			time.Sleep(time.Second)
			continue
		}
		session = s
	}
	b.log.Printf("session %s", session.Name)

	done := map[string]bool{} // leases already reported complete
	var running string        // the lease being run, if any
	var finished chan outcome
	var cancelRun context.CancelFunc
	defer func() {
		// A lost session abandons its lease: the server gives it to
		// another bot.
		if cancelRun != nil {
			cancelRun()
		}
	}()
	for {
		// Start a lease the server handed out.
		if running == "" {
			for _, l := range session.Leases {
				if done[l.Id] || (l.State != botspb.LeaseState_PENDING && l.State != botspb.LeaseState_ACTIVE) {
					continue
				}
				l.State = botspb.LeaseState_ACTIVE
				running = l.Id
				finished, cancelRun = b.start(ctx, l.Payload, l.Id)
				break
			}
		}
		// While running, report progress every heartbeat; finish the lease
		// when the action ends.
		if running != "" {
			select {
			case o := <-finished:
				cancelRun()
				b.complete(session, running, o)
				done[running] = true
				running = ""
			case <-time.After(heartbeat):
			case <-ctx.Done():
				cancelRun()
				return ctx.Err()
			}
		}
		// Drop leases the server no longer needs to hear about.
		kept := session.Leases[:0]
		for _, l := range session.Leases {
			if l.Id == running || (l.State == botspb.LeaseState_COMPLETED && done[l.Id]) {
				kept = append(kept, l)
				continue
			}
			if !done[l.Id] && (l.State == botspb.LeaseState_PENDING || l.State == botspb.LeaseState_ACTIVE) {
				kept = append(kept, l)
			}
		}
		session.Leases = kept

		cctx, cancel := context.WithTimeout(ctx, pollTimeout)
		s, err := client.UpdateBotSession(cctx, &botspb.UpdateBotSessionRequest{Name: session.Name, BotSession: session})
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			switch status.Code(err) {
			case codes.DeadlineExceeded, codes.Unavailable, codes.ResourceExhausted, codes.Aborted, codes.Internal, codes.Unknown:
				// A busy or restarting server: the session and the lease
				// stay ours while we come back within the keepalive timeout.
				b.log.Printf("UpdateBotSession: %v; retrying", err)
				time.Sleep(time.Second)
				continue
			}
			return fmt.Errorf("UpdateBotSession: %w", err)
		}
		// A lease the server cancelled (or gave to another bot) stops running.
		if running != "" {
			still := false
			for _, l := range s.Leases {
				if l.Id == running && (l.State == botspb.LeaseState_ACTIVE || l.State == botspb.LeaseState_PENDING) {
					l.State = botspb.LeaseState_ACTIVE
					still = true
				}
			}
			if !still {
				b.log.Printf("lease %s withdrawn by the server", running)
				cancelRun()
				<-finished
				done[running] = true
				running = ""
			}
		}
		session = s
	}
}

// start runs a lease in the background; the channel gets its outcome.
func (b *bot) start(ctx context.Context, payload *anypb.Any, id string) (chan outcome, context.CancelFunc) {
	rctx, cancel := context.WithCancel(ctx)
	finished := make(chan outcome, 1)
	go func() {
		res, err := b.execute(rctx, payload, id)
		finished <- outcome{res, err}
	}()
	return finished, cancel
}

// complete marks the lease finished in the session sent with the next
// update: status OK and the ActionResult, or INTERNAL (which BuildGrid
// retries on another attempt) when the worker itself failed.
func (b *bot) complete(session *botspb.BotSession, id string, o outcome) {
	var l *botspb.Lease
	for _, x := range session.Leases {
		if x.Id == id {
			l = x
		}
	}
	if l == nil {
		l = &botspb.Lease{Id: id}
		session.Leases = append(session.Leases, l)
	}
	{
		l.State = botspb.LeaseState_COMPLETED
		if o.err != nil {
			b.log.Printf("lease %s: %v", id, o.err)
			l.Status = &statuspb.Status{Code: int32(codes.Internal), Message: o.err.Error()}
			l.Result = nil
			return
		}
		any, err := anypb.New(o.result)
		if err != nil {
			l.Status = &statuspb.Status{Code: int32(codes.Internal), Message: err.Error()}
			return
		}
		b.ran++
		l.Status = &statuspb.Status{Code: int32(codes.OK)}
		l.Result = any
	}
}
