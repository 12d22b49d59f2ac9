#pragma once  // new header: public by default
