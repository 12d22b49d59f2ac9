#include "k.h"
