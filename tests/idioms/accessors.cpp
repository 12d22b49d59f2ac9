// Zero-dimensional and 3-D accessors: a 0-D accessor of a one-element
// buffer (read-write), 3-D accessors with a range and an offset, and a
// ranged 2-D sub-accessor.
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  int scalar = 5;
  const size_t X = 4, Y = 5, Z = 6;
  int grid[X][Y][Z] = {};
  int plane[8][8] = {};
  {
    sycl::buffer<int, 1> sb(&scalar, sycl::range<1>(1));
    sycl::buffer<int, 3> gb(&grid[0][0][0], sycl::range<3>(X, Y, Z));
    sycl::buffer<int, 2> pb(&plane[0][0], sycl::range<2>(8, 8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 0, sycl::access_mode::read_write> s(sb, h);
      h.single_task([=] { s = s * 7 + 1; });  // 36
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(gb, h, sycl::write_only);
      h.parallel_for(sycl::range<3>(X, Y, Z), [=](sycl::item<3> it) {
        g[it] = int(it[0] * 100 + it[1] * 10 + it[2]);
      });
    });
    q.submit([&](sycl::handler &h) {
      // The interior 2x3x4 block at offset (1, 1, 1), doubled.
      sycl::accessor g(gb, h, sycl::range<3>(2, 3, 4), sycl::id<3>(1, 1, 1), sycl::read_write);
      h.parallel_for(sycl::range<3>(2, 3, 4), [=](sycl::id<3> i) { g[i] *= 2; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor p(pb, h, sycl::range<2>(4, 4), sycl::id<2>(2, 3), sycl::write_only);
      h.parallel_for(sycl::range<2>(4, 4), [=](sycl::id<2> i) { p[i] = int(i[0] * 4 + i[1] + 1); });
    });
  }
  int bad = scalar != 36;
  for (size_t x = 0; x < X; x++)
    for (size_t y = 0; y < Y; y++)
      for (size_t z = 0; z < Z; z++) {
        int v = int(x * 100 + y * 10 + z);
        bool inner = x >= 1 && x < 3 && y >= 1 && y < 4 && z >= 1 && z < 5;
        bad += grid[x][y][z] != (inner ? 2 * v : v);
      }
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++) {
      bool in = r >= 2 && r < 6 && c >= 3 && c < 7;
      bad += plane[r][c] != (in ? (r - 2) * 4 + (c - 3) + 1 : 0);
    }
  printf("accessors: %s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
