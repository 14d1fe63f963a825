#nullable enable
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Kitchen.Recipes
{
    [DataContract]
    public class Ingredient
    {
        [DataMember] public string Name { get; set; } = "";
        [DataMember] public string? Unit { get; set; }
        [DataMember] public double Quantity { get; set; }
    }

    [DataContract]
    public class Recipe
    {
        [DataMember] public string Title { get; set; } = "";
        [DataMember] public string? Subtitle { get; set; }
        [DataMember] public List<Ingredient> Ingredients { get; set; } = new List<Ingredient>();
        [DataMember] public List<string>? Tags { get; set; }
        [DataMember] public string[]? Steps { get; set; }
        [DataMember] public List<string?> OptionalGarnishes { get; set; } = new List<string?>();
        [DataMember] public Dictionary<string, string>? Nutrition { get; set; }
        [DataMember] public int?[] ServingsByDay { get; set; } = new int?[0];
        [DataMember] public Ingredient? Substitute { get; set; }
    }

    [ServiceContract]
    public interface IRecipeBook
    {
        [OperationContract]
        Recipe? Find(string title);

        [OperationContract]
        List<Recipe>? Search(string[]? tags, string? text);
    }
}
