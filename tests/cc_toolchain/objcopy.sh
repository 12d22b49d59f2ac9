#!/bin/sh
# The dev workspace C++ toolchain names its tools by paths relative to the
# execroot (as remote-execution toolchains do); this one is the host's objcopy.
exec /usr/bin/objcopy "$@"
