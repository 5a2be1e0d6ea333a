import LinearAlgebra
import Testing

/// Programmer errors trap with a precondition failure (checked in a child
/// process by Swift Testing's exit tests) instead of reaching the C++ core.
@Suite("Programmer errors trap")
struct PreconditionTests {
  @Test func productShapeMismatch() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>(rows: 2, columns: 3) * Matrix<Double>(rows: 2, columns: 3)
    }
  }

  @Test func productIntoShapeMismatch() async {
    await #expect(processExitsWith: .failure) {
      var result = Matrix<Double>(rows: 2, columns: 3)
      Matrix<Double>(rows: 2, columns: 3).multiply(Matrix<Double>(rows: 2, columns: 3), into: &result)
    }
  }

  @Test func matrixVectorIntoCountMismatch() async {
    await #expect(processExitsWith: .failure) {
      var y = [Double](repeating: 0, count: 2)
      Matrix<Double>(rows: 2, columns: 3).multiply([1, 2], into: &y)
    }
  }

  @Test func additionShapeMismatch() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Float>(rows: 2, columns: 3) + Matrix<Float>(rows: 3, columns: 2)
    }
  }

  @Test func indexOutOfRange() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>(rows: 2, columns: 2)[2, 0]
    }
  }

  @Test func determinantOfNonSquare() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>(rows: 2, columns: 3).determinant()
    }
  }

  @Test func solveWithWrongRightHandSide() async {
    await #expect(processExitsWith: .failure) {
      _ = try? Matrix<Double>.identity(3).solve([1, 2])
    }
  }

  @Test func raggedRows() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>([[1, 2], [3]])
    }
  }

  @Test func wrongElementCount() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>(rows: 2, columns: 2, elements: [1, 2, 3])
    }
  }
}
