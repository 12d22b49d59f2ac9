// Fixture: host code of a sycl_library.
int library_host_function() { return 42; }
