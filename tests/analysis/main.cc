// Fixture: host code of a sycl_binary.
int main() { return 0; }
