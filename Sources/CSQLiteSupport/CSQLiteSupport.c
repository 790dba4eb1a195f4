// The wrappers are static inline functions in include/CSQLiteSupport.h; SwiftPM needs one source file.
#include "CSQLiteSupport.h"
