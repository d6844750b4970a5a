// Counts heap allocations for the benchmarks by interposing the allocator, on glibc only.
// Linked into the benchmarks executable alone: no library or test of the package uses it.
#include "AllocationCounter.h"

#if defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocations;
// The calling thread's own count: the executable's TLS (local-exec) needs no allocation to reach.
static _Thread_local uint64_t thread_allocations;

static inline void count_one(void) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    thread_allocations += 1;
}

void *malloc(size_t size) { count_one(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { count_one(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { count_one(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

uint64_t allocation_counter_total(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
uint64_t allocation_counter_thread_total(void) { return thread_allocations; }
int allocation_counter_available(void) { return 1; }
#else
uint64_t allocation_counter_total(void) { return 0; }
uint64_t allocation_counter_thread_total(void) { return 0; }
int allocation_counter_available(void) { return 0; }
#endif
