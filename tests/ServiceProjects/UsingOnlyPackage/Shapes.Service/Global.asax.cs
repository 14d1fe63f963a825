using System;
using Autofac;

namespace Shapes.Service
{
    public class Global : System.Web.HttpApplication
    {
        public static IContainer Container { get; private set; }

        protected void Application_Start(object sender, EventArgs e)
        {
            var builder = new ContainerBuilder();
            builder.RegisterType<AreaCalculator>().As<IAreaCalculator>();
            builder.RegisterType<ShapeService>();
            Container = builder.Build();
        }
    }
}
