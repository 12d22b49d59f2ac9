#!/bin/sh
# Runs tools/imagecheck (the first argument) with the remaining arguments:
# sh_test cannot take a go_binary as its script.
exec "$@"
