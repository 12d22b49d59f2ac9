// The benchmark program's host side: the device images are what is measured.
int main() { return 0; }
