namespace Echo.Service
{
    public class EchoService : IEcho
    {
        public string Echo(string text)
        {
            return text ?? string.Empty;
        }

        public int Length(string text)
        {
            return text == null ? 0 : text.Length;
        }
    }
}
