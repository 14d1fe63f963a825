using System;
using Autofac;

namespace Shapes.Service
{
    public interface IAreaCalculator
    {
        double Circle(double radius);

        double Square(double side);
    }

    public class AreaCalculator : IAreaCalculator
    {
        public double Circle(double radius) => Math.PI * radius * radius;

        public double Square(double side) => side * side;
    }

    // Resolved by Autofac's WCF integration in production; the parameterless constructor is what svcutil tests use.
    public class ShapeService : IShapeService
    {
        private readonly IAreaCalculator calculator;

        public ShapeService() : this(new AreaCalculator())
        {
        }

        public ShapeService(IAreaCalculator calculator)
        {
            this.calculator = calculator;
        }

        public double CircleArea(double radius) => calculator.Circle(radius);

        public double SquareArea(double side) => calculator.Square(side);

        public string Describe(Shape shape) => shape == null || shape.Kind == null ? "no shape" : shape.Kind + " of size " + shape.Size;
    }
}
