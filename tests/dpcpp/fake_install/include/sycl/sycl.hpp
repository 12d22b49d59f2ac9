// Stand-in for DPC++'s SYCL header (analysis tests only).
#error "stand-in DPC++ installation"
