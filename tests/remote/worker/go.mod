// A minimal REAPI test worker for tests/remote/run.sh (not a product): its own
// module so the rules_sycl module's `go vet ./...` and Gazelle do not see it.
module github.com/rules-sycl/rules_sycl/tests/remote/worker

go 1.19

require (
	github.com/bazelbuild/remote-apis v0.0.0-20230411132548-35aee1c4a425
	github.com/google/go-cmp v0.5.9
	google.golang.org/genproto v0.0.0-20230410155749-daa745c078e1
	google.golang.org/grpc v1.55.0
	google.golang.org/protobuf v1.30.0
)

require (
	cloud.google.com/go/longrunning v0.4.1 // indirect
	github.com/golang/protobuf v1.5.3 // indirect
	golang.org/x/net v0.8.0 // indirect
	golang.org/x/sys v0.6.0 // indirect
	golang.org/x/text v0.8.0 // indirect
)
