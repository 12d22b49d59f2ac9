// Fixture: a device function another TU calls.
int helper_twice(int x) { return 2 * x; }
