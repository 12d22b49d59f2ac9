#include "widgets_impl.h"
