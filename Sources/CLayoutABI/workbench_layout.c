/* The plugin ABI is a header only; SwiftPM needs one source file to build a C target. */
#include "workbench_layout.h"

typedef int wb_abi_header_only;
