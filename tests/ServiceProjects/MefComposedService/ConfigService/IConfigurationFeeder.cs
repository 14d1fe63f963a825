namespace ConfigService
{
    public interface IConfigurationFeeder
    {
        string Name { get; }

        string Find(string setting);
    }
}
