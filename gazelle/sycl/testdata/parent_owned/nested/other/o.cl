#include "nested/lib/k.h"
