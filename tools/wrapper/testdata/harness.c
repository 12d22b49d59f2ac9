/* Test harness linked with a wrapper object: stands in for the SYCL runtime,
 * dumps every field of the registered descriptor in a canonical text form and
 * checks constructor/destructor ordering. Layouts follow the rules_sycl
 * format reference (section 5.3/5.4). The default is the wrapper's default
 * (80-byte images, libsycl.so.9); build with -DIMAGE_V2 (96-byte images with
 * manifest pointers, libsycl.so.8) / -DNEW_ENTRIES for the other layouts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry_old { void *addr; const char *name; size_t size; int32_t flags; int32_t reserved; };
struct entry_new {
  uint64_t reserved; uint16_t version; uint16_t kind; uint32_t flags;
  void *addr; const char *name; uint64_t size; uint64_t data; void *aux;
};
#ifdef NEW_ENTRIES
typedef struct entry_new entry_t;
#else
typedef struct entry_old entry_t;
#endif
struct property { const char *name; void *val_addr; uint32_t type; uint64_t val_size; };
struct property_set { const char *name; struct property *begin, *end; };
struct device_binary {
  uint16_t version; uint8_t kind; uint8_t format;
  const char *target, *compile_options, *link_options;
#ifdef IMAGE_V2
  const char *manifest_start, *manifest_end;
#endif
  const unsigned char *binary_start, *binary_end;
  entry_t *entries_begin, *entries_end;
  struct property_set *sets_begin, *sets_end;
};
struct device_binaries {
  uint16_t version; uint16_t count;
  struct device_binary *binaries;
  void *host_entries_begin, *host_entries_end;
};

_Static_assert(sizeof(struct entry_old) == 32, "old entry");
_Static_assert(sizeof(struct entry_new) == 56, "new entry");
_Static_assert(sizeof(struct property) == 32, "property");
_Static_assert(sizeof(struct property_set) == 24, "property set");
_Static_assert(sizeof(struct device_binaries) == 32, "descriptor");
#ifdef IMAGE_V2
_Static_assert(sizeof(struct device_binary) == 96, "image v2");
#else
_Static_assert(sizeof(struct device_binary) == 80, "image v3");
#endif

static struct device_binaries *registered;
static int unregistered;

static void hex(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

void __sycl_register_lib(struct device_binaries *d) {
  if (registered) { printf("FAIL registered twice\n"); exit(1); }
  registered = d;
  printf("desc version=%u count=%u host=%s\n", d->version, d->count,
         d->host_entries_begin || d->host_entries_end ? "set" : "null");
  for (unsigned i = 0; i < d->count; i++) {
    struct device_binary *b = &d->binaries[i];
    printf("image %u version=%u kind=%u format=%u\n", i, b->version, b->kind, b->format);
    printf(" target=%s\n compile=%s\n link=%s\n", b->target, b->compile_options, b->link_options);
#ifdef IMAGE_V2
    printf(" manifest=%s\n", b->manifest_start || b->manifest_end ? "set" : "null");
#endif
    printf(" bytes=");
    hex(b->binary_start, (size_t)(b->binary_end - b->binary_start));
    printf("\n");
    if (!b->entries_begin != !b->entries_end) { printf("FAIL entries half null\n"); exit(1); }
    for (entry_t *e = b->entries_begin; e != b->entries_end; e++) {
#ifdef NEW_ENTRIES
      printf(" entry %s reserved=%llu version=%u kind=%u flags=%u addr=%p size=%llu data=%llu aux=%p\n",
             e->name, (unsigned long long)e->reserved, e->version, e->kind, e->flags, e->addr,
             (unsigned long long)e->size, (unsigned long long)e->data, e->aux);
#else
      printf(" entry %s addr=%p size=%zu flags=%d reserved=%d\n", e->name, e->addr, e->size,
             e->flags, e->reserved);
#endif
    }
    for (struct property_set *s = b->sets_begin; s != b->sets_end; s++) {
      printf(" set [%s]%s\n", s->name, s->begin ? "" : " null");
      for (struct property *p = s->begin; p != s->end; p++) {
        if (p->type == 1) {
          printf("  %s type=1 size=%llu addr=%s\n", p->name, (unsigned long long)p->val_size,
                 p->val_addr ? "set" : "null");
        } else {
          printf("  %s type=%u size=%llu payload=", p->name, p->type,
                 (unsigned long long)p->val_size);
          hex(p->val_addr, p->val_size);
          printf("\n");
        }
      }
    }
  }
}

void __sycl_unregister_lib(struct device_binaries *d) {
  if (d != registered) { printf("FAIL unregister of a different descriptor\n"); exit(1); }
  unregistered = 1;
  printf("unregistered\n");
}

/* Default-priority constructor/destructor: registration (priority 1) must
 * come before, unregistration after. */
__attribute__((constructor)) static void user_ctor(void) {
  printf("user ctor sees registered=%d\n", registered != 0);
}
__attribute__((destructor)) static void user_dtor(void) {
  printf("user dtor sees unregistered=%d\n", unregistered);
}

int main(void) {
  printf("main\n");
  return 0;
}
