/* Fixture: plain C host code next to SYCL sources. */
int plain_c(void) { return 1; }
