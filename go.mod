module github.com/rules-sycl/rules_sycl

go 1.19

require (
	github.com/bazelbuild/bazel-gazelle v0.26.0
	github.com/google/go-cmp v0.6.0
	github.com/ianlancetaylor/demangle v0.0.0-20260724033716-83e58baca724
	github.com/klauspost/compress v1.17.6
	google.golang.org/protobuf v1.33.0
)

require (
	github.com/bazelbuild/buildtools v0.0.0-20220531122519-a43aed7014c8 // indirect
	github.com/bmatcuk/doublestar/v4 v4.0.2 // indirect
	golang.org/x/sys v0.0.0-20220624220833-87e55d714810 // indirect
	golang.org/x/tools v0.1.11 // indirect
)
