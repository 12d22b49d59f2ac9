module github.com/rules-sycl/rules_sycl

go 1.19

require (
	github.com/google/go-cmp v0.6.0 // indirect
	github.com/klauspost/compress v1.17.6
)
