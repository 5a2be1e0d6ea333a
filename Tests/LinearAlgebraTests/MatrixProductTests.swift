import LinearAlgebra
import Testing

@Suite("Matrix product")
struct MatrixProductTests {
  @Test func smallProductIsExact() {
    let a = Matrix<Double>([[1, 2, 3], [4, 5, 6]])
    let b = Matrix<Double>([[7, 8], [9, 10], [11, 12]])
    let c = a * b
    #expect(c.rowCount == 2 && c.columnCount == 2)
    #expect(c.elements == [58, 64, 139, 154])
  }

  @Test func innerDimensionZeroGivesZeros() {
    let a = Matrix<Double>(rows: 3, columns: 0)
    let b = Matrix<Double>(rows: 0, columns: 2)
    let c = a * b
    #expect(c.rowCount == 3 && c.columnCount == 2)
    #expect(c.elements == [0, 0, 0, 0, 0, 0])
  }
}
