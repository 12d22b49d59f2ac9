#include "tests/realruntime/probe.h"

int main(int argc, char **argv) { return probe_main(argc, argv); }
