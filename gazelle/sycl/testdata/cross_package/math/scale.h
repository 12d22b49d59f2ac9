#pragma once
float scale(float v);
