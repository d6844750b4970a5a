#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned allocations) made by the
/// process so far. Counting works on glibc, where this target interposes the allocator.
uint64_t allocation_counter_total(void);

/// The number of heap allocations made by the calling thread so far: what work confined to this
/// thread allocates, without the allocations other threads (a dispatch queue's workers winding
/// down, say) happen to make at the same time.
uint64_t allocation_counter_thread_total(void);

/// 1 when counting works on this platform, 0 otherwise.
int allocation_counter_available(void);

#endif
