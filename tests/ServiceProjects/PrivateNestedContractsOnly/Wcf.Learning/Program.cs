using Wcf.Learning.Lessons;

namespace Wcf.Learning
{
    class Program
    {
        static void Main()
        {
            new BasicsLesson().Run();
            new FaultsLesson().Run();
        }
    }
}
