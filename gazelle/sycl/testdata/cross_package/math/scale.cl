#include "scale.h"
float scale(float v) { return 2.0f * v; }
