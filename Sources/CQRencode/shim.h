#ifndef CRASH_ASSISTANT_CQRENCODE_SHIM_H
#define CRASH_ASSISTANT_CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
