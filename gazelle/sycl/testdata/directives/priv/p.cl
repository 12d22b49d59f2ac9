#include "p_api.h"
