// The declaration in include/CLibFuzzer.h is all this module holds; SwiftPM needs a source file.
#include "CLibFuzzer.h"
