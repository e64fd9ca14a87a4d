#ifndef CRASH_ASSISTANT_CCAIRO_SHIM_H
#define CRASH_ASSISTANT_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>

#endif
